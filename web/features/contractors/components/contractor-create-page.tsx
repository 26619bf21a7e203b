/** New contractor (/contractors/create, ops): the contractor form; on success, the new contractor's page. */

import { Card, NonIdealState } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { pathTo } from '../../../config/paths.ts';
import { useIsOps } from '../../../lib/components/ops-only.ts';
import { PageHeading } from '../../../lib/components/page-heading.tsx';
import { successToast } from '../../../lib/toaster.ts';
import { useCreateContractor } from '../api/create-contractor.ts';
import { initialValues, useContractorForm } from '../hooks/use-contractor-form.ts';
import { ContractorForm } from './contractor-form.tsx';
import './contractors.css';

const BACK = { to: pathTo('ContractorsList'), label: 'Contractors' };

export function Component() {
  const isOps = useIsOps();
  const navigate = useNavigate();
  const create = useCreateContractor();
  const initial = useMemo(() => initialValues(), []);
  const form = useContractorForm(initial);
  const [createdId, setCreatedId] = useState<number>();
  // Navigate once the saved form has rendered, so the unsaved-changes guard no longer holds.
  useEffect(() => {
    if (createdId !== undefined) navigate(pathTo('ContractorDetail', { contractorId: createdId }), { replace: true });
  }, [createdId, navigate]);

  if (!isOps) {
    return (
      <>
        <PageHeading title="New contractor" back={BACK} />
        <NonIdealState icon="lock" title="Only operations staff can add contractors." />
      </>
    );
  }
  return (
    <>
      <PageHeading title="New contractor" back={BACK} />
      <Card className="contractor-card">
        <ContractorForm
          form={form}
          saveText="Create contractor"
          saving={create.isPending}
          saved={createdId !== undefined}
          onCancel={() => navigate(BACK.to)}
          onSave={async (body) => {
            const c = await create.mutateAsync(body);
            successToast(`${c.name} was added.`);
            setCreatedId(c.id);
          }}
        />
      </Card>
    </>
  );
}
