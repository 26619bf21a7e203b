import { describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';
import { PDFDocument } from '@cantoo/pdf-lib';
import { portalSeal, sealPdf } from './seal.ts';
import { pdfTool } from '../../../tests/support/pdf-tools.ts';

/** A PKCS#12 file as an operator would configure it: a certificate with its key, under a passphrase. */
function p12(cn: string, passphrase: string): Buffer {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '0a1b2c';
  cert.validity.notBefore = new Date(Date.UTC(2024, 0, 1));
  cert.validity.notAfter = new Date(Date.UTC(2040, 0, 1));
  cert.setSubject([{ name: 'commonName', value: cn }]);
  cert.setIssuer([{ name: 'commonName', value: cn }]);
  cert.sign(key, forge.md.sha256.create());
  return Buffer.from(
    forge.asn1.toDer(forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: '3des' })).getBytes(),
    'binary',
  );
}

async function plainPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.addPage([200, 200]);
  return doc.save({ useObjectStreams: false });
}

describe('the portal seal', () => {
  it('a configured certificate (path and passphrase) seals the PDF; pdfsig verifies it and names its holder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seal-'));
    try {
      const path = join(dir, 'portal.p12');
      writeFileSync(path, p12('Energy Programs Office', 'correct horse'));
      const seal = portalSeal({ signing_certificate_path: path, signing_certificate_passphrase: 'correct horse' });
      expect(seal.name).toBe('Energy Programs Office');
      const sealed = await sealPdf(await plainPdf(), seal, new Date('2025-03-05T10:05:00Z'));
      const sig = pdfTool(sealed, 'pdfsig', (f) => [f]);
      expect(sig).toContain('Signer Certificate Common Name: Energy Programs Office');
      expect(sig).toContain('Signature Validation: Signature is Valid.');
      expect(pdfTool(sealed, 'qpdf', (f) => ['--check', f])).toContain('No syntax or stream encoding errors');
      // A wrong passphrase is refused when the certificate is read, not at the first signing.
      expect(() => portalSeal({ signing_certificate_path: path, signing_certificate_passphrase: 'wrong' })).toThrow();
      // Read once: the same file and passphrase give the same seal, whose signer (key read once) seals again.
      expect(portalSeal({ signing_certificate_path: path, signing_certificate_passphrase: 'correct horse' })).toBe(
        seal,
      );
      const again = pdfTool(await sealPdf(await plainPdf(), seal, new Date()), 'pdfsig', (f) => [f]);
      expect(again).toContain('Signature Validation: Signature is Valid.');
      // A replaced file is read again.
      writeFileSync(path, p12('Energy Programs Office 2', 'correct horse'));
      const renewed = portalSeal({ signing_certificate_path: path, signing_certificate_passphrase: 'correct horse' });
      expect(renewed.name).toBe('Energy Programs Office 2');
      const sig2 = pdfTool(await sealPdf(await plainPdf(), renewed, new Date()), 'pdfsig', (f) => [f]);
      expect(sig2).toContain('Signer Certificate Common Name: Energy Programs Office 2');
      expect(sig2).toContain('Signature Validation: Signature is Valid.');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('without one, the process makes its own self-signed seal once', async () => {
    const a = portalSeal({});
    expect(portalSeal({})).toBe(a);
    expect(a.name).toBe('Rebate portal (development seal)');
    const sig = pdfTool(await sealPdf(await plainPdf(), a, new Date()), 'pdfsig', (f) => [f]);
    expect(sig).toContain('Signature Validation: Signature is Valid.');
  });
});
