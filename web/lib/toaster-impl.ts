/** The overlay toaster itself, in its own chunk: loaded with the first toast. */

import { OverlayToaster, Position } from '@blueprintjs/core';

export const createToaster = () => OverlayToaster.createAsync({ position: Position.TOP_RIGHT, maxToasts: 4 });
