/** How provider facts read. */

import type { ProviderFields } from '../api/get-provider.ts';

export const PROVIDER_TYPES: { value: ProviderFields['type']; label: string }[] = [
  { value: 'electric', label: 'Electric' },
  { value: 'gas', label: 'Gas' },
  { value: 'both', label: 'Electric and gas' },
];

export const typeLabel = (t: ProviderFields['type']) => PROVIDER_TYPES.find((x) => x.value === t)?.label ?? t;
