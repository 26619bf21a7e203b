/** The portal's name atop the pages a mailed link opens with no sign-in and no shell (signing, usage, visits). */

export function PublicBrand({ className }: { className: string }) {
  return (
    <div className={className}>
      <span className="logo-mark" aria-hidden>
        R
      </span>
      Rebate Portal
    </div>
  );
}
