/**
 * Terms and conditions editor (/terms_and_conditions/{id}; 'new' for the first version). Ops edit
 * the current version and Save creates a new version; an old version is read-only and offers
 * 'Restore as new version'. Everyone else reads the version.
 */

import { Alert, Button, Callout, Card, NonIdealState, Tag } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { pathTo } from '../../../config/paths.ts';
import { LoadState } from '../../../lib/components/load-state.tsx';
import { useIsOps } from '../../../lib/components/ops-only.ts';
import { PageHeading } from '../../../lib/components/page-heading.tsx';
import { successToast } from '../../../lib/toaster.ts';
import { useCreateTermsVersion } from '../api/create-terms-version.ts';
import { useTermsVersion, type TermsVersion } from '../api/get-terms-version.ts';
import { useTermsVersions } from '../api/get-terms-versions.ts';
import { useRestoreTermsVersion } from '../api/restore-terms-version.ts';
import { initialValues, useTermsForm } from '../hooks/use-terms-form.ts';
import { TermsEditor } from './terms-editor.tsx';
import { TermsView } from './terms-view.tsx';
import { savedBy } from './terms-text.ts';
import './terms.css';

const BACK = { to: pathTo('TermsAndConditionsList'), label: 'Terms and conditions' };
const detailPath = (id: number) => pathTo('TermsAndConditionsDetail', { termsAndConditionsId: id });

function Editor({ version }: { version?: TermsVersion }) {
  const navigate = useNavigate();
  const create = useCreateTermsVersion();
  const initial = useMemo(() => initialValues(version), [version]);
  const form = useTermsForm(initial);
  const [createdId, setCreatedId] = useState<number>();
  useEffect(() => {
    if (createdId !== undefined) navigate(detailPath(createdId));
  }, [createdId, navigate]);
  return (
    <TermsEditor
      form={form}
      saving={create.isPending}
      saved={createdId !== undefined}
      onDiscard={() => form.reset(initialValues(version))}
      onSave={async (body) => {
        const v = await create.mutateAsync(body);
        successToast(`Saved as version ${v.version}. It is now the current version.`);
        setCreatedId(v.id);
      }}
    />
  );
}

function OldVersion({ version, currentId }: { version: TermsVersion; currentId: number | undefined }) {
  const isOps = useIsOps();
  const navigate = useNavigate();
  const restore = useRestoreTermsVersion();
  const [confirm, setConfirm] = useState(false);
  return (
    <>
      <Callout
        intent="warning"
        icon="history"
        className="terms-old-callout"
        title={`This is an old version (version ${version.version}).`}
      >
        {currentId !== undefined && (
          <p>
            New jobs accept the <Link to={detailPath(currentId)}>current version</Link>.
          </p>
        )}
        {isOps && (
          <Button icon="history" intent="primary" text="Restore as new version" onClick={() => setConfirm(true)} />
        )}
      </Callout>
      <Card>
        <TermsView terms={version} />
      </Card>
      <Alert
        isOpen={confirm}
        icon="history"
        intent="primary"
        confirmButtonText="Restore as new version"
        cancelButtonText="Cancel"
        loading={restore.isPending}
        onCancel={() => setConfirm(false)}
        onConfirm={() =>
          restore.mutate(version.id, {
            onSuccess: (v) => {
              successToast(
                `Version ${version.version} was restored as version ${v.version}. It is now the current version.`,
              );
              navigate(detailPath(v.id));
            },
            onSettled: () => setConfirm(false),
          })
        }
      >
        Copy version {version.version} as a new version? It becomes the current terms and conditions; no version is
        changed or deleted.
      </Alert>
    </>
  );
}

export function Component() {
  const { termsAndConditionsId } = useParams();
  const isNew = termsAndConditionsId === 'new';
  const id = Number(termsAndConditionsId);
  const isOps = useIsOps();
  const query = useTermsVersion(isNew ? 0 : id);
  const versions = useTermsVersions({ page_number: 1, per_page: 100 });
  const currentId = versions.data?.items.find((v) => v.is_current)?.id;

  if (isNew) {
    return (
      <>
        <PageHeading title="New terms and conditions" back={BACK} />
        {isOps ? (
          <Card>
            <Editor />
          </Card>
        ) : (
          <NonIdealState icon="lock" title="Only operations staff can edit the terms and conditions." />
        )}
      </>
    );
  }
  const v = query.data;
  if (!v)
    return (
      <>
        <PageHeading title="Terms and conditions" back={BACK} />
        <LoadState
          error={query.error}
          notFoundTitle="This version of the terms and conditions was not found"
          back={BACK}
        />
      </>
    );
  return (
    <>
      <PageHeading
        title="Terms and conditions"
        back={BACK}
        subtitle={
          <>
            <Tag minimal>Version {v.version}</Tag>
            {v.is_current ? (
              <Tag intent="success" minimal icon="tick">
                Current
              </Tag>
            ) : (
              <Tag minimal icon="history">
                Old version
              </Tag>
            )}
            <span>{savedBy(v)}</span>
            {v.restored_from !== null && (
              <Link to={detailPath(v.restored_from)}>(restored from an earlier version)</Link>
            )}
          </>
        }
      />
      {v.is_current && isOps ? (
        <>
          <Callout icon="info-sign" className="terms-hint">
            Saving creates a new version and makes it current. Jobs keep the version they accepted.
          </Callout>
          <Card>
            <Editor key={v.id} version={v} />
          </Card>
        </>
      ) : v.is_current ? (
        <Card>
          <TermsView terms={v} />
        </Card>
      ) : (
        <OldVersion version={v} currentId={currentId} />
      )}
    </>
  );
}
