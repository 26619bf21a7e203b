/** Initial eligibility of a place: which programs serve it and accept submissions today. */

import { acceptingSubmissions, inServiceArea } from './facts.ts';
import type { JobSite, Program } from './types.ts';

/** One program's answer for a place. */
export interface InitialEligibility {
  program: string;
  name: string;
  in_service_area: boolean;
  accepting_submissions: boolean;
  eligible: boolean;
}

/** Checks every program's service area and submission window for a site. */
export function initialEligibility(programs: Program[], site: JobSite, today: string): InitialEligibility[] {
  return programs.map((p) => {
    const in_service_area = inServiceArea(p, site);
    const accepting = acceptingSubmissions(p, today);
    return {
      program: p.id,
      name: p.name,
      in_service_area,
      accepting_submissions: accepting,
      eligible: in_service_area && accepting,
    };
  });
}
