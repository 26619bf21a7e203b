// PLACEHOLDER: replaced by the search feature.
import { Dialog } from '@blueprintjs/core';

export default function SearchDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void; routeName?: string }) {
  return <Dialog isOpen={isOpen} onClose={onClose} title="Search" />;
}
