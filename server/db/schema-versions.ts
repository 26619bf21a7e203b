/** The table of definition versions (migration 019): server/db/versions.db.ts. */

/** One program definition as loaded once: its files, by the hash of those files. */
export interface DefinitionVersionsTable {
  /** engine versionHash of the files. */
  hash: string;
  program_id: string;
  first_loaded_at: string;
  /** JSON [{path, text}]: program.yaml, the _shared files and the forms it uses. */
  files: string;
}
