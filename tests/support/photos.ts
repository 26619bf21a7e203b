/** Photos with the EXIF a phone writes, for the upload tests: a 1x1 JPEG with a camera time and, when given, GPS. */

import piexif from 'piexifjs';

const BASE_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

/** Where and when: a GPS position (with the GPS's UTC date and time when given), the camera's wall-clock time. */
export interface PhotoExif {
  lat: number;
  lon: number;
  utc?: [string, number, number, number];
}

/**
 * A 1x1 JPEG with EXIF: the camera's time (`camera`, EXIF's 'YYYY:MM:DD hh:mm:ss'; default 30 May 2026 10:15), and a
 * GPS position (and GPS time) when given.
 */
export function jpeg(gps?: PhotoExif, camera = '2026:05:30 10:15:00'): Buffer {
  const dms = (v: number) => {
    const a = Math.abs(v);
    const d = Math.floor(a);
    const m = Math.floor((a - d) * 60);
    return [
      [d, 1],
      [m, 1],
      [Math.round(((a - d) * 60 - m) * 60 * 100), 100],
    ];
  };
  const G = piexif.GPSIFD;
  const exif = piexif.dump({
    '0th': {},
    Exif: { [piexif.ExifIFD.DateTimeOriginal]: camera },
    GPS: gps
      ? {
          [G.GPSLatitudeRef]: gps.lat >= 0 ? 'N' : 'S',
          [G.GPSLatitude]: dms(gps.lat),
          [G.GPSLongitudeRef]: gps.lon >= 0 ? 'E' : 'W',
          [G.GPSLongitude]: dms(gps.lon),
          ...(gps.utc ? { [G.GPSDateStamp]: gps.utc[0], [G.GPSTimeStamp]: gps.utc.slice(1).map((n) => [n, 1]) } : {}),
        }
      : {},
  });
  return Buffer.from(piexif.insert(exif, BASE_JPEG.toString('binary')), 'binary');
}
