import { readFileSync, writeFileSync } from 'node:fs';
import { PDFDocument } from '@cantoo/pdf-lib';
import { execFileSync } from 'node:child_process';
import { portalSeal, sealPdf } from './server/workflows/signing/seal.ts';
const d = await PDFDocument.load(readFileSync('/tmp/names.pdf'));
const bytes = await d.save({ useObjectStreams: false });
const t0 = Date.now();
const seal = portalSeal({});
console.log('cert', Date.now() - t0);
const out = await sealPdf(bytes, seal, new Date('2025-03-05T10:05:00Z'));
console.log('sealed', Date.now() - t0, out.length);
writeFileSync('/tmp/sealed.pdf', out);
try { console.log(execFileSync('pdfsig', ['/tmp/sealed.pdf'], { encoding: 'utf8' })); } catch (e) { console.log(String(e), (e as {stdout: string}).stdout); }
try { console.log(execFileSync('qpdf', ['--check', '/tmp/sealed.pdf'], { encoding: 'utf8' })); } catch (e) { console.log((e as {stdout: string}).stdout); }
