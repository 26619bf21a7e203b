/**
 * Contractor detail (/contractors/{id}): the company's fields, program and equipment ids, and its quality record
 * (standing, pass rate, open corrective actions). Ops edit it in place (422 messages under the fields), set its
 * standing with a reason, and delete it after a confirmation; ops and the company's own users invite a contractor
 * user by email.
 */

import { Alert, Button, Card, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { pathTo } from '../../../config/paths.ts';
import { DetailList } from '../../../lib/components/detail-list.tsx';
import { LoadState } from '../../../lib/components/load-state.tsx';
import { useIsOps } from '../../../lib/components/ops-only.ts';
import { PageHeading } from '../../../lib/components/page-heading.tsx';
import { useSession } from '../../../lib/use-auth.ts';
import { successToast } from '../../../lib/toaster.ts';
import { useDeleteContractor } from '../api/delete-contractor.ts';
import { useEquipmentNames } from '../api/get-equipment-names.ts';
import { useContractor, type Contractor } from '../api/get-contractor.ts';
import { useUpdateContractor } from '../api/update-contractor.ts';
import { initialValues, useContractorForm } from '../hooks/use-contractor-form.ts';
import { NO_ADDRESS } from './contractor-text.ts';
import { ContractorForm } from './contractor-form.tsx';
import { InviteUserDialog } from './invite-user-dialog.tsx';
import { ContractorQualityCard } from './contractor-quality.tsx';
import './contractors.css';

const BACK = { to: pathTo('ContractorsList'), label: 'Contractors' };

function EditContractor({ contractor, onDone }: { contractor: Contractor; onDone: () => void }) {
  const update = useUpdateContractor(contractor.id);
  const initial = useMemo(() => initialValues(contractor), [contractor]);
  const form = useContractorForm(initial);
  const [saved, setSaved] = useState(false);
  return (
    <ContractorForm
      form={form}
      saveText="Save changes"
      saving={update.isPending}
      saved={saved}
      onCancel={onDone}
      onSave={async (body) => {
        await update.mutateAsync(body);
        setSaved(true);
        successToast('Contractor saved.');
        onDone();
      }}
    />
  );
}

function EquipmentList({ ids }: { ids: number[] }) {
  const names = useEquipmentNames(ids);
  return (
    <ul className="contractor-equipment">
      {ids.map((id, i) => {
        const e = names[i];
        return (
          <li key={id}>
            <Tag minimal>#{id}</Tag>{' '}
            {e ? (
              `${e.manufacturer} ${e.model}`
            ) : e === null ? (
              <span className="muted">Not in the catalog</span>
            ) : (
              <span className="bp6-skeleton">Loading</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function ContractorFields({ c }: { c: Contractor }) {
  return (
    <DetailList
      items={[
        { label: 'Primary contact', value: c.primary_contact },
        { label: 'Program', value: c.program?.name },
        { label: 'Email', value: c.email && <a href={`mailto:${c.email}`}>{c.email}</a> },
        { label: 'Phone', value: c.phone && <a href={`tel:${c.phone}`}>{c.phone}</a> },
        { label: 'Address', value: c.address || <span className="muted">{NO_ADDRESS}</span> },
        { label: 'City', value: c.city },
        { label: 'Added', value: new Date(c.created_at).toLocaleDateString() },
      ]}
    />
  );
}

export function Component() {
  const { contractorId } = useParams();
  const id = Number(contractorId);
  const session = useSession();
  const isOps = useIsOps();
  const navigate = useNavigate();
  const query = useContractor(id);
  const remove = useDeleteContractor();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [inviting, setInviting] = useState(false);

  const c = query.data;
  if (!c)
    return (
      <>
        <PageHeading title="Contractor" back={BACK} />
        <LoadState error={query.error} notFoundTitle="Contractor not found" back={BACK} />
      </>
    );
  const canInvite = isOps || (session?.user.role === 'contractor' && session.user.contractor_id === c.id);

  return (
    <>
      <PageHeading
        title={c.name}
        back={BACK}
        subtitle={
          <>
            {c.program ? (
              <Tag minimal intent="primary">
                {c.program.name}
              </Tag>
            ) : (
              <Tag minimal>No program</Tag>
            )}
            <span>{c.open_jobs === 1 ? '1 open job' : `${c.open_jobs} open jobs`}</span>
          </>
        }
        actions={
          !editing && (
            <>
              {canInvite && <Button icon="envelope" text="Invite user" onClick={() => setInviting(true)} />}
              {isOps && <Button icon="edit" text="Edit" onClick={() => setEditing(true)} />}
              {isOps && (
                <Button
                  icon="trash"
                  intent="danger"
                  variant="outlined"
                  text="Delete"
                  onClick={() => setConfirmDelete(true)}
                />
              )}
            </>
          )
        }
      />
      <div className="contractor-layout">
        <div className="contractor-main">
          <Card className="contractor-card">
            <h2>{editing ? 'Edit contractor' : 'Details'}</h2>
            {editing ? <EditContractor contractor={c} onDone={() => setEditing(false)} /> : <ContractorFields c={c} />}
          </Card>
          {!editing && <ContractorQualityCard contractorId={c.id} homeProgram={c.program?.id} canSet={isOps} />}
        </div>
        {!editing && (
          <div className="contractor-side">
            <Card>
              <h2>Equipment</h2>
              {c.equipment_ids?.length ? (
                <EquipmentList ids={c.equipment_ids} />
              ) : (
                <p className="muted">No equipment listed.{isOps ? ' Add catalog ids with Edit.' : ''}</p>
              )}
            </Card>
          </div>
        )}
      </div>
      {canInvite && <InviteUserDialog isOpen={inviting} onClose={() => setInviting(false)} contractor={c} />}
      <Alert
        isOpen={confirmDelete}
        intent="danger"
        icon="trash"
        confirmButtonText="Delete contractor"
        cancelButtonText="Cancel"
        loading={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(c.id, {
            onSuccess: () => {
              successToast(`${c.name} was deleted.`);
              navigate(BACK.to, { replace: true });
            },
            onSettled: () => setConfirmDelete(false),
          })
        }
      >
        <p>
          Delete <strong>{c.name}</strong>?
        </p>
        <p className="muted">The company disappears from lists and search. Its jobs and their history are kept.</p>
      </Alert>
    </>
  );
}
