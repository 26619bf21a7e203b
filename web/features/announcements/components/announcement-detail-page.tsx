/**
 * Announcement (/announcements/{id}, 'new' to write one). Ops get the form beside a live preview of
 * how a contractor sees it, and can delete it; everyone else sees the announcement itself.
 */

import { Alert, Button, NonIdealState, Tag } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { pathTo } from '../../../config/paths.ts';
import { LoadState } from '../../../lib/components/load-state.tsx';
import { useIsOps } from '../../../lib/components/ops-only.ts';
import { PageHeading } from '../../../lib/components/page-heading.tsx';
import { successToast } from '../../../lib/toaster.ts';
import { useDeleteAnnouncement } from '../api/delete-announcement.ts';
import { useAnnouncement, type Announcement } from '../api/get-announcement.ts';
import { useSaveAnnouncement } from '../api/save-announcement.ts';
import { initialValues, toBody, useAnnouncementForm } from '../hooks/use-announcement-form.ts';
import { AnnouncementForm } from './announcement-form.tsx';
import { AnnouncementPreview } from './announcement-preview.tsx';
import { STATUS_INTENT, statusOf } from './announcement-text.ts';
import './announcements.css';

const BACK = { to: pathTo('AnnouncementsList'), label: 'Announcements' };

function Editor({ announcement }: { announcement?: Announcement }) {
  const navigate = useNavigate();
  const save = useSaveAnnouncement(announcement?.id);
  const remove = useDeleteAnnouncement();
  const initial = useMemo(() => initialValues(announcement), [announcement]);
  const form = useAnnouncementForm(initial);
  const [createdId, setCreatedId] = useState<number>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  useEffect(() => {
    if (createdId !== undefined)
      navigate(pathTo('AnnouncementDetail', { announcementId: createdId }), { replace: true });
  }, [createdId, navigate]);
  const status = statusOf(toBody(form.values));

  return (
    <>
      <PageHeading
        title={announcement ? 'Edit announcement' : 'New announcement'}
        back={BACK}
        subtitle={
          announcement && (
            <Tag minimal intent={STATUS_INTENT[statusOf(announcement)]}>
              {statusOf(announcement)}
            </Tag>
          )
        }
      />
      <div className="announcement-layout">
        <div className="announcement-main bp6-card">
          <AnnouncementForm
            form={form}
            saveText={announcement ? 'Save changes' : 'Publish announcement'}
            saving={save.isPending}
            saved={createdId !== undefined}
            onCancel={() => navigate(BACK.to)}
            onSave={async (body) => {
              const a = await save.mutateAsync(body);
              successToast(announcement ? 'Announcement saved.' : 'Announcement published.');
              if (announcement) form.reset(initialValues(a));
              else setCreatedId(a.id);
            }}
            extraActions={
              announcement && (
                <Button
                  className="form-actions-end"
                  icon="trash"
                  intent="danger"
                  variant="minimal"
                  text="Delete"
                  onClick={() => setConfirmDelete(true)}
                />
              )
            }
          />
        </div>
        <aside className="announcement-side" aria-label="Preview">
          <h2 className="announcement-side-title">
            How contractors see it{' '}
            <Tag minimal intent={STATUS_INTENT[status]}>
              {status === 'Showing' ? 'Showing now' : status}
            </Tag>
          </h2>
          <AnnouncementPreview a={toBody(form.values)} />
        </aside>
      </div>
      {announcement && (
        <Alert
          isOpen={confirmDelete}
          intent="danger"
          icon="trash"
          confirmButtonText="Delete announcement"
          cancelButtonText="Cancel"
          loading={remove.isPending}
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() =>
            remove.mutate(announcement.id, {
              onSuccess: () => {
                successToast('Announcement deleted.');
                navigate(BACK.to, { replace: true });
              },
              onSettled: () => setConfirmDelete(false),
            })
          }
        >
          <p>
            Delete <strong>{announcement.title}</strong>? Contractors stop seeing it at once.
          </p>
        </Alert>
      )}
    </>
  );
}

export function Component() {
  const { announcementId } = useParams();
  const isNew = announcementId === 'new';
  const id = isNew ? undefined : Number(announcementId);
  const isOps = useIsOps();
  const query = useAnnouncement(id);

  if (isNew) {
    if (isOps) return <Editor />;
    return (
      <>
        <PageHeading title="New announcement" back={BACK} />
        <NonIdealState icon="lock" title="Only operations staff can write announcements." />
      </>
    );
  }
  if (!query.data)
    return (
      <>
        <PageHeading title="Announcement" back={BACK} />
        <LoadState error={query.error} notFoundTitle="Announcement not found" back={BACK} />
      </>
    );
  if (isOps) return <Editor key={query.data.id} announcement={query.data} />;
  return (
    <>
      <PageHeading title="Announcement" back={BACK} />
      <div className="announcement-read">
        <AnnouncementPreview a={query.data} />
      </div>
    </>
  );
}
