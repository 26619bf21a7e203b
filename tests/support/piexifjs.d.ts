/** piexifjs ships no types: the part the tests use. */
declare module 'piexifjs' {
  const piexif: {
    dump(exif: Record<string, Record<number, unknown>>): string;
    insert(exif: string, jpeg: string): string;
    ExifIFD: Record<string, number>;
    GPSIFD: Record<string, number>;
  };
  export default piexif;
}
