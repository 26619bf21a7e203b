/**
 * Energy provider (/providers/{id}; 'new' to add one): type, states served, preferred vendor and
 * notes. Ops edit in place and delete after a confirmation.
 */

import { Alert, Button, Card, NonIdealState, Tag } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { pathTo } from '../../../config/paths.ts';
import { DetailList } from '../../../lib/components/detail-list.tsx';
import { LoadState } from '../../../lib/components/load-state.tsx';
import { useIsOps } from '../../../lib/components/ops-only.ts';
import { PageHeading } from '../../../lib/components/page-heading.tsx';
import { successToast } from '../../../lib/toaster.ts';
import { useDeleteProvider } from '../api/delete-provider.ts';
import { useProvider, type Provider } from '../api/get-provider.ts';
import { useSaveProvider } from '../api/save-provider.ts';
import { initialValues, useProviderForm } from '../hooks/use-provider-form.ts';
import { ProviderForm } from './provider-form.tsx';
import { typeLabel } from './provider-text.ts';
import './providers.css';

const BACK = { to: pathTo('EnergyProvidersList'), label: 'Energy providers' };

function EditProvider({ provider, onDone }: { provider?: Provider; onDone: (saved?: Provider) => void }) {
  const save = useSaveProvider(provider?.id);
  const initial = useMemo(() => initialValues(provider), [provider]);
  const form = useProviderForm(initial);
  const [saved, setSaved] = useState<Provider>();
  useEffect(() => {
    if (saved) onDone(saved);
  }, [saved, onDone]);
  return (
    <ProviderForm
      form={form}
      saveText={provider ? 'Save changes' : 'Add energy provider'}
      saving={save.isPending}
      saved={!!saved}
      onCancel={() => onDone()}
      onSave={async (body) => {
        const p = await save.mutateAsync(body);
        successToast(provider ? 'Energy provider saved.' : `${p.name} was added.`);
        setSaved(p);
      }}
    />
  );
}

function NewProvider() {
  const isOps = useIsOps();
  const navigate = useNavigate();
  const done = useMemo(
    () => (p?: Provider) =>
      navigate(p ? pathTo('EnergyProviderDetail', { providerId: p.id }) : BACK.to, { replace: !!p }),
    [navigate],
  );
  return (
    <>
      <PageHeading title="New energy provider" back={BACK} />
      {isOps ? (
        <Card className="provider-card">
          <EditProvider onDone={done} />
        </Card>
      ) : (
        <NonIdealState icon="lock" title="Only operations staff can add energy providers." />
      )}
    </>
  );
}

export function Component() {
  const { providerId } = useParams();
  const isNew = providerId === 'new';
  const isOps = useIsOps();
  const navigate = useNavigate();
  const query = useProvider(isNew ? undefined : Number(providerId));
  const remove = useDeleteProvider();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const stopEditing = useMemo(() => () => setEditing(false), []);

  if (isNew) return <NewProvider />;
  const p = query.data;
  if (!p)
    return (
      <>
        <PageHeading title="Energy provider" back={BACK} />
        <LoadState error={query.error} notFoundTitle="Energy provider not found" back={BACK} />
      </>
    );

  return (
    <>
      <PageHeading
        title={p.name}
        back={BACK}
        subtitle={<Tag minimal>{typeLabel(p.type)}</Tag>}
        actions={
          isOps &&
          !editing && (
            <>
              <Button icon="edit" text="Edit" onClick={() => setEditing(true)} />
              <Button
                icon="trash"
                intent="danger"
                variant="outlined"
                text="Delete"
                onClick={() => setConfirmDelete(true)}
              />
            </>
          )
        }
      />
      <Card className="provider-card">
        {editing ? (
          <EditProvider provider={p} onDone={stopEditing} />
        ) : (
          <DetailList
            items={[
              { label: 'States served', value: p.states.join(', ') },
              {
                label: 'Preferred vendor',
                value: p.preferred_vendor_id ? (
                  <Link to={pathTo('ContractorDetail', { contractorId: p.preferred_vendor_id })}>
                    {p.preferred_vendor}
                  </Link>
                ) : (
                  <span className="muted">No preferred vendor</span>
                ),
              },
              { label: 'Added', value: new Date(p.created_at).toLocaleDateString() },
              { label: 'Notes', value: p.notes && <span className="provider-notes">{p.notes}</span>, wide: true },
            ]}
          />
        )}
      </Card>
      <Alert
        isOpen={confirmDelete}
        intent="danger"
        icon="trash"
        confirmButtonText="Delete energy provider"
        cancelButtonText="Cancel"
        loading={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(p.id, {
            onSuccess: () => {
              successToast(`${p.name} was deleted.`);
              navigate(BACK.to, { replace: true });
            },
            onSettled: () => setConfirmDelete(false),
          })
        }
      >
        Delete <strong>{p.name}</strong>? It no longer appears in lists.
      </Alert>
    </>
  );
}
