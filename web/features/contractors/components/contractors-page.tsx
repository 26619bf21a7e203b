// PLACEHOLDER: replaced by the feature's page.
import { NonIdealState } from '@blueprintjs/core';

export function Component() {
  return <NonIdealState icon="build" title="This page is being built." />;
}
