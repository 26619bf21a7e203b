/**
 * Ops: what a program reports to DOE's tracking tool (program.yaml `reporting:`), and its bulk file of a month to
 * download (every reservation and redemption of that month that passes the contract), for a program that uploads its
 * records monthly or to send again by hand.
 */

import { Button, Card, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import type { ProgramDetail } from '../../../../engine/api/programs.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';
import { errorToast } from '../../../lib/toaster.ts';

export const BULK_FILE_FAILED = 'The bulk file could not be downloaded. Please try again.';

const MODE_WORDS = {
  real_time: 'Each record is sent to the tracking tool as soon as it is ready; the job’s Rebate tab shows its answer.',
  monthly: 'Records wait for the month’s bulk file: download it below and upload it to the tracking tool.',
} as const;

/** This month in the portal's clock, as the month input writes it (YYYY-MM). */
const thisMonth = (now = new Date()) => now.toISOString().slice(0, 7);

export function ReportingCard({
  programId,
  reporting: r,
}: {
  programId: string;
  reporting: NonNullable<ProgramDetail['reporting']>;
}) {
  const [month, setMonth] = useState(thisMonth);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(
        `/api/programs/${encodeURIComponent(programId)}/tracking-report`,
        `${programId}-${month}.json`,
        BULK_FILE_FAILED,
        { month },
      );
    } catch (e) {
      errorToast(e instanceof ApiError ? e.message : BULK_FILE_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="program-card program-reporting">
      <h2>Federal reporting</h2>
      <p>
        Reports its rebates to DOE’s tracking tool under {r.program} for {r.state}: a reservation when a job’s budget is
        reserved, a redemption when it is paid. {MODE_WORDS[r.mode]}
      </p>
      <div className="program-reporting-download">
        <FormGroup label="Month" labelFor="reporting-month" className="program-reporting-month">
          <InputGroup
            id="reporting-month"
            type="month"
            value={month}
            onChange={(e) => setMonth(e.currentTarget.value)}
          />
        </FormGroup>
        <Button
          icon="download"
          text="Download the bulk file"
          loading={busy}
          disabled={!month}
          onClick={() => void download()}
        />
      </div>
    </Card>
  );
}
