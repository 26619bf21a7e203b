/**
 * The portal's seal on a signed PDF: a PAdES signature (ETSI.CAdES.detached, CMS over the file's byte ranges) by the
 * portal's certificate, which any PDF reader (pdfsig, Acrobat) verifies, so a copy changed after signing shows it.
 * @signpdf does the work: placeholder-plain adds the signature dictionary to the saved file (an incremental update),
 * signer-p12 (node-forge) makes the CMS, signpdf fills the byte ranges.
 *
 * The certificate is a PKCS#12 file (SIGNING_CERTIFICATE_PATH, SIGNING_CERTIFICATE_PASSPHRASE). Without one the
 * process makes a self-signed certificate for itself (development and tests).
 * assumption: a production instance is given a certificate; a generated one is logged once as a warning, and its
 * seals verify as intact but not as trusted.
 */

import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import forge from 'node-forge';
import { SignPdf } from '@signpdf/signpdf';
import { P12Signer } from '@signpdf/signer-p12';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';

export interface SealConfig {
  signing_certificate_path?: string;
  signing_certificate_passphrase?: string;
}

export interface Seal {
  p12: Buffer;
  passphrase: string;
  /** The certificate's subject common name (printed where the seal is described). */
  name: string;
}

const PORTAL_NAME = 'Rebate portal';
let generated: Seal | undefined;

/** A self-signed certificate for the portal, made once per process (RSA 2048 by Node's crypto, wrapped by forge). */
function selfSigned(): Seal {
  if (generated) return generated;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.UTC(2020, 0, 1));
  cert.validity.notAfter = new Date(Date.UTC(2060, 0, 1));
  const subject = [
    { name: 'commonName', value: `${PORTAL_NAME} (development seal)` },
    { name: 'organizationName', value: PORTAL_NAME },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const passphrase = randomBytes(12).toString('hex');
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: '3des' });
  generated = {
    p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'),
    passphrase,
    name: `${PORTAL_NAME} (development seal)`,
  };
  return generated;
}

/** The configured certificate, read from its file, or the process's own. */
export function portalSeal(config: SealConfig): Seal {
  if (!config.signing_certificate_path) return selfSigned();
  const path = config.signing_certificate_path;
  const passphrase = config.signing_certificate_passphrase ?? '';
  let p12: Buffer;
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = readFileSync(path);
    parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), passphrase);
  } catch (e) {
    // Said so that ops reading a failed stamping know what to fix (SIGNING_CERTIFICATE_PATH / _PASSPHRASE).
    const why = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : (e as Error).message;
    throw new Error(
      `The portal's signing certificate (SIGNING_CERTIFICATE_PATH ${path}) could not be read: ${why}. Fix the file or its passphrase (SIGNING_CERTIFICATE_PASSPHRASE).`,
      { cause: e },
    );
  }
  const bags = parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [];
  const cn = bags[0]?.cert?.subject.getField('CN')?.value as string | undefined;
  return { p12, passphrase, name: cn ?? PORTAL_NAME };
}

/**
 * placeholder-plain's update ends with a startxref one byte short of its xref (on the line break before it): readers
 * recover, qpdf --check warns. The offset is set to the keyword itself, before the file is signed (the signature's
 * byte ranges are computed after, over the file as it ends).
 */
function pointAtXref(pdf: Buffer): Buffer {
  const at = pdf.lastIndexOf('startxref');
  const m = /^startxref\s+(\d+)/.exec(pdf.subarray(at, at + 40).toString('latin1'));
  if (at < 0 || !m) return pdf;
  const offset = Number(m[1]);
  let real = offset;
  while (real < at && /\s/.test(String.fromCharCode(pdf[real]))) real++;
  if (real === offset || pdf.subarray(real, real + 4).toString('latin1') !== 'xref') return pdf;
  const tail = pdf
    .subarray(at)
    .toString('latin1')
    .replace(/^startxref(\s+)\d+/, `startxref$1${real}`);
  return Buffer.concat([pdf.subarray(0, at), Buffer.from(tail, 'latin1')]);
}

/**
 * The PDF sealed. The input must use a classic cross-reference table (pdf-lib's save with useObjectStreams false):
 * the placeholder is appended as an incremental update to it.
 */
export async function sealPdf(pdf: Uint8Array, seal: Seal, at: Date): Promise<Uint8Array> {
  const withPlaceholder = plainAddPlaceholder({
    pdfBuffer: Buffer.from(pdf),
    reason: 'Signed through the rebate portal: the signatures and the audit certificate',
    contactInfo: '',
    name: seal.name,
    location: '',
    signingTime: at,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    signatureLength: 8192,
    // Written as a PDF name (/App /Name): no spaces.
    appName: 'RebatePortal',
  });
  const signer = new P12Signer(seal.p12, { passphrase: seal.passphrase });
  return new Uint8Array(await new SignPdf().sign(pointAtXref(withPlaceholder), signer, at));
}
