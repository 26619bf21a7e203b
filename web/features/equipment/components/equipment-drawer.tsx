/**
 * One catalog entry in a side drawer: every field it has; ops edit or delete it there. With no entry
 * and a type, the drawer adds a new entry of that type.
 */

import { Alert, Button, Drawer, DrawerSize } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { DetailList } from '../../../lib/components/detail-list.tsx';
import { useIsOps } from '../../../lib/components/ops-only.ts';
import { successToast } from '../../../lib/toaster.ts';
import { useDeleteEquipment } from '../api/delete-equipment.ts';
import type { Equipment, EquipmentType } from '../api/get-equipment-list.ts';
import { useSaveEquipment } from '../api/save-equipment.ts';
import { initialValues, useEquipmentForm } from '../hooks/use-equipment-form.ts';
import { FIELD_LABELS, showValue } from './equipment-columns.tsx';
import { EquipmentForm } from './equipment-form.tsx';

function Editor({
  item,
  type,
  onDone,
}: {
  item?: Equipment;
  type: EquipmentType;
  onDone: (saved?: Equipment) => void;
}) {
  const save = useSaveEquipment(item?.id);
  const initial = useMemo(() => initialValues(type, item), [type, item]);
  const form = useEquipmentForm(initial);
  const [saved, setSaved] = useState(false);
  return (
    <EquipmentForm
      form={form}
      saving={save.isPending}
      saved={saved}
      saveText={item ? 'Save changes' : 'Add to catalog'}
      onCancel={() => onDone()}
      onSave={async (body) => {
        const e = await save.mutateAsync(body);
        setSaved(true);
        successToast(item ? 'Catalog entry saved.' : `${e.manufacturer} ${e.model} was added.`);
        onDone(e);
      }}
    />
  );
}

export interface EquipmentDrawerProps {
  /** The entry shown; null with `adding` set to add one. */
  item: Equipment | null;
  adding: EquipmentType | null;
  onClose: () => void;
  onSaved: (e: Equipment) => void;
}

export function EquipmentDrawer({ item, adding, onClose, onSaved }: EquipmentDrawerProps) {
  const isOps = useIsOps();
  const remove = useDeleteEquipment();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const close = () => {
    setEditing(false);
    onClose();
  };
  const title = adding ? 'Add to the catalog' : item ? `${item.manufacturer} ${item.model}` : '';
  return (
    <Drawer
      isOpen={!!item || !!adding}
      onClose={close}
      size={DrawerSize.SMALL}
      title={title}
      icon="wrench"
      className="equipment-drawer"
    >
      <div className="equipment-drawer-body">
        {adding && isOps && <Editor key={`new-${adding}`} type={adding} onDone={(e) => (e ? onSaved(e) : close())} />}
        {item && editing && (
          <Editor
            key={item.id}
            item={item}
            type={item.type}
            onDone={(e) => {
              setEditing(false);
              if (e) onSaved(e);
            }}
          />
        )}
        {item && !editing && (
          <>
            <DetailList
              items={FIELD_LABELS.filter(
                (f) => item[f.key] !== null && item[f.key] !== undefined && item[f.key] !== '',
              ).map((f) => ({
                label: f.unit ? `${f.label} (${f.unit})` : f.label,
                value: showValue(item[f.key]),
              }))}
            />
            <p className="muted equipment-id">Catalog id {item.id}</p>
            {isOps && (
              <div className="equipment-drawer-actions">
                <Button icon="edit" text="Edit" onClick={() => setEditing(true)} />
                <Button
                  icon="trash"
                  intent="danger"
                  variant="minimal"
                  text="Delete"
                  onClick={() => setConfirmDelete(true)}
                />
              </div>
            )}
          </>
        )}
      </div>
      {item && (
        <Alert
          isOpen={confirmDelete}
          intent="danger"
          icon="trash"
          confirmButtonText="Delete from catalog"
          cancelButtonText="Cancel"
          loading={remove.isPending}
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() =>
            remove.mutate(item.id, {
              onSuccess: () => {
                successToast(`${item.manufacturer} ${item.model} was deleted from the catalog.`);
                close();
              },
              onSettled: () => setConfirmDelete(false),
            })
          }
        >
          Delete <strong>{`${item.manufacturer} ${item.model}`}</strong> from the catalog? Jobs that already name it
          keep it.
        </Alert>
      )}
    </Drawer>
  );
}
