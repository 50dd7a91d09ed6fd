// Types for the pinned-package fetcher (plain JavaScript, shared by the smoke test and the bench).
export interface PinnedPackage {
  readonly name: string;
  readonly version: string;
  readonly integrity: string;
}

/** Checks one pin from `source` (named in the error, with `where`, e.g. `packages[3]`). */
export declare function validatePin(entry: unknown, source: string, where: string): PinnedPackage;
export declare function integrityOf(file: string): string;
export declare function tarballName(pin: PinnedPackage): string;
export declare function fetchTarball(pin: PinnedPackage, directory: string): Promise<string>;
/** Extracts an npm tarball's regular files, its top-level folder stripped; returns how many. */
export declare function extractTarball(tarball: string, destination: string): number;
/** Fetches (or reuses) and unpacks `pin`; returns the directory holding its files. */
export declare function unpackPinned(pin: PinnedPackage, directories: { tarballDirectory: string; packageDirectory: string }): Promise<string>;
