/**
 * Where and when a photo was taken, read from its EXIF (exifr, in a worker thread with a time limit: some files make it
 * loop forever). Used for every photo upload: a task's and an inspection checklist's.
 */

import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Where and when a photo was taken, from its EXIF (null when it does not say). */
export interface PhotoPlace {
  lat: number | null;
  lon: number | null;
  taken_at: string | null;
}

export const NO_PLACE: PhotoPlace = { lat: null, lon: null, taken_at: null };
const EXIFR = createRequire(import.meta.url).resolve('exifr');
/** Only the tags we read; raw values (no Date revival, which would read the camera's clock in the server's zone). */
const EXIF_OPTIONS = {
  tiff: true,
  ifd0: false,
  ifd1: false,
  interop: false,
  xmp: false,
  icc: false,
  iptc: false,
  jfif: false,
  ihdr: false,
  makerNote: false,
  userComment: false,
  exif: ['DateTimeOriginal', 'OffsetTimeOriginal'],
  gps: ['GPSLatitudeRef', 'GPSLatitude', 'GPSLongitudeRef', 'GPSLongitude', 'GPSDateStamp', 'GPSTimeStamp'],
  reviveValues: false,
  translateValues: false,
  mergeOutput: true,
};
/**
 * exifr runs in a worker that is stopped after EXIF_TIMEOUT_MS: it loops forever on a HEIC whose box
 * length is 0, and a loop in the server's own thread would stop every request. A worker costs ~40 ms
 * per photo, small beside the upload itself.
 */
const EXIF_WORKER = `const { parentPort, workerData } = require('node:worker_threads');
require(workerData.exifr).parse(workerData.bytes, workerData.options).then((r) => parentPort.postMessage(r ?? null), () => parentPort.postMessage(null));`;
const EXIF_TIMEOUT_MS = 2000;

function readExif(bytes: Buffer): Promise<Record<string, unknown> | null> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(EXIF_WORKER, {
        eval: true,
        execArgv: [],
        workerData: { exifr: EXIFR, bytes, options: EXIF_OPTIONS },
        resourceLimits: { maxOldGenerationSizeMb: 128 },
      });
    } catch {
      resolve(null);
      return;
    }
    const done = (value: unknown) => {
      clearTimeout(timer);
      resolve(value && typeof value === 'object' ? (value as Record<string, unknown>) : null);
      void worker.terminate();
    };
    const timer = setTimeout(() => done(null), EXIF_TIMEOUT_MS);
    worker.once('message', done);
    worker.once('error', () => done(null));
    worker.once('exit', () => done(null));
  });
}

const isoOrNull = (d: Date) => (Number.isNaN(d.getTime()) ? null : d.toISOString());

/**
 * When a photo was taken, as an instant: the camera's time with its offset when it wrote one, else the
 * GPS time (always UTC), else the camera's wall-clock time read as UTC (EXIF has no zone and the site's
 * zone is not known).
 */
function takenAt(e: Record<string, unknown>): string | null {
  const dt = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(String(e.DateTimeOriginal ?? '').trim());
  const wall = dt && `${dt[1]}-${dt[2]}-${dt[3]}T${dt[4]}:${dt[5]}:${dt[6]}`;
  const offset = /^[+-]\d{2}:\d{2}$/.exec(String(e.OffsetTimeOriginal ?? '').trim())?.[0];
  if (wall && offset) return isoOrNull(new Date(`${wall}${offset}`));
  const day = /^(\d{4}):(\d{2}):(\d{2})$/.exec(String(e.GPSDateStamp ?? '').trim());
  const time =
    Array.isArray(e.GPSTimeStamp) &&
    e.GPSTimeStamp.length === 3 &&
    e.GPSTimeStamp.every((n) => typeof n === 'number' && Number.isFinite(n))
      ? (e.GPSTimeStamp as number[])
      : null;
  if (day && time)
    return isoOrNull(new Date(Date.UTC(+day[1], +day[2] - 1, +day[3], time[0], time[1], Math.floor(time[2]))));
  return wall ? isoOrNull(new Date(`${wall}Z`)) : null;
}

/** A photo's EXIF location (dropped when out of range or 0,0, a receiver's "no fix") and time. */
export async function readPhotoPlace(bytes: Buffer): Promise<PhotoPlace> {
  const e = await readExif(bytes);
  if (!e) return NO_PLACE;
  const { latitude: lat, longitude: lon } = e;
  const located =
    typeof lat === 'number' &&
    typeof lon === 'number' &&
    Math.abs(lat) <= 90 &&
    Math.abs(lon) <= 180 &&
    !(lat === 0 && lon === 0);
  return { lat: located ? lat : null, lon: located ? lon : null, taken_at: takenAt(e) };
}
