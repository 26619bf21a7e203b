/**
 * The portal's seal on a signed PDF: a PAdES signature (ETSI.CAdES.detached, CMS over the file's byte ranges) by the
 * portal's certificate, which any PDF reader (pdfsig, Acrobat) verifies, so a copy changed after signing shows it.
 * @signpdf does the work: placeholder-plain adds the signature dictionary to the saved file (an incremental update),
 * node-forge makes the CMS (as @signpdf's P12Signer does), signpdf fills the byte ranges. The key is read from the
 * PKCS#12 once per seal, not once per document, and its RSA signature is made by Node's crypto (native) instead of
 * forge's JavaScript: 24 ms of a core a document before, 3.6 s of the demo seed's 24 s (150 signed copies).
 *
 * The certificate is a PKCS#12 file (SIGNING_CERTIFICATE_PATH, SIGNING_CERTIFICATE_PASSPHRASE). Without one the
 * process makes a self-signed certificate for itself (development and tests).
 * assumption: a production instance is given a certificate; a generated one is logged once as a warning, and its
 * seals verify as intact but not as trusted.
 */

import { constants, createHash, createPrivateKey, generateKeyPairSync, privateEncrypt, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import forge from 'node-forge';
import { SignPdf } from '@signpdf/signpdf';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';

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

/** Configured seals already read, by passphrase and file content (the file is read again each time; parsed once). */
const configured = new Map<string, Seal>();

/** The configured certificate, read from its file, or the process's own. */
export function portalSeal(config: SealConfig): Seal {
  if (!config.signing_certificate_path) return selfSigned();
  const path = config.signing_certificate_path;
  const passphrase = config.signing_certificate_passphrase ?? '';
  let p12: Buffer;
  let parsed: forge.pkcs12.Pkcs12Pfx;
  let known: string | undefined;
  try {
    p12 = readFileSync(path);
    known = createHash('sha256').update(passphrase).update('\0').update(p12).digest('hex');
    const seal = configured.get(known);
    if (seal) return seal;
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
  const seal = { p12, passphrase, name: cn ?? PORTAL_NAME };
  // (A process sees one certificate, two while an operator replaces it: the map never grows past a few.)
  if (configured.size >= 8) configured.clear();
  configured.set(known, seal);
  return seal;
}

/** DigestInfo's DER before a SHA-256 hash (RFC 8017 section 9.2, note 1): what RSASSA-PKCS1-v1_5 signs. */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/**
 * @signpdf's P12Signer, made once per seal: the certificates and key read from the PKCS#12 once (its key derivation
 * took 9 ms a document), and forge's key given a `sign` by Node's crypto, which pkcs7 calls with the digest of the
 * signed attributes (RSASSA-PKCS1-v1_5, as forge signs it).
 */
class SealSigner extends Signer {
  private readonly certificates: forge.pki.Certificate[];
  private readonly certificate: forge.pki.Certificate;
  private readonly key: forge.pki.rsa.PrivateKey;

  constructor(seal: Seal) {
    super();
    const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(seal.p12.toString('binary')), false, seal.passphrase);
    const certs = p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [];
    const keys = p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? [];
    const key = keys[0]?.key as forge.pki.rsa.PrivateKey | undefined;
    if (!key) throw new Error("The portal's signing certificate holds no private key.");
    this.certificates = certs.flatMap((b) => (b.cert ? [b.cert] : []));
    const own = this.certificates.find((c) => {
      const pub = c.publicKey as forge.pki.rsa.PublicKey;
      return pub.n.compareTo(key.n) === 0 && pub.e.compareTo(key.e) === 0;
    });
    if (!own) throw new Error("The portal's signing certificate does not match its private key.");
    this.certificate = own;
    const native = createPrivateKey(forge.pki.privateKeyToPem(key));
    const sign = (md: forge.md.MessageDigest) => {
      if (md.algorithm !== 'sha256') throw new Error(`the seal signs SHA-256 digests, not ${md.algorithm}`);
      const digest = Buffer.from(md.digest().getBytes(), 'binary');
      const info = Buffer.concat([SHA256_DIGEST_INFO, digest]);
      return privateEncrypt({ key: native, padding: constants.RSA_PKCS1_PADDING }, info).toString('binary');
    };
    this.key = { ...key, sign } as forge.pki.rsa.PrivateKey;
  }

  override async sign(pdf: Buffer, signingTime?: Date): Promise<Buffer> {
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdf.toString('binary'));
    for (const c of this.certificates) p7.addCertificate(c);
    // SHA-256 (what Adobe.PPKLite expects); the attributes in this order, as EU validation wants them.
    p7.addSigner({
      key: this.key,
      certificate: this.certificate,
      digestAlgorithm: forge.pki.oids.sha256,
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType, value: forge.pki.oids.data },
        { type: forge.pki.oids.signingTime, value: (signingTime ?? new Date()) as unknown as string },
        { type: forge.pki.oids.messageDigest },
      ],
    });
    p7.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
  }
}

const signers = new WeakMap<Seal, SealSigner>();

function signerOf(seal: Seal): SealSigner {
  let signer = signers.get(seal);
  if (!signer) signers.set(seal, (signer = new SealSigner(seal)));
  return signer;
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
  return new Uint8Array(await new SignPdf().sign(pointAtXref(withPlaceholder), signerOf(seal), at));
}
