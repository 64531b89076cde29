/** Where one evidence file's bytes are and how to serve them. */
export interface EvidenceFile {
  storageKey: string;
  filename: string;
  contentType: string;
  size: number;
}
