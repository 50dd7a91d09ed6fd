// Types for the real-code corpus (plain JavaScript, so `npm run bench` needs no build of its own).
import type { PinnedPackage } from '../scripts/pinned-packages.mjs';

export declare const REAL_CORPUS_PIN: string;
export declare const REAL_CORPUS_CACHE: string;
export declare const REAL_CORPORA: readonly { readonly id: string; readonly pinFile: string; readonly cache: string }[];

export interface RealCorpusPin {
  readonly package: PinnedPackage;
  /** The directory inside the package whose files are linted. */
  readonly sources: string;
  /** The extensions linted there (`ts` when the pin does not say). */
  readonly extensions: readonly ('ts' | 'js')[];
  readonly files: number;
  readonly lines: number;
}

export declare function readRealCorpusPin(file?: string): RealCorpusPin;
export declare function verifyRealCorpus(root: string, pin: RealCorpusPin, source?: string): { files: number; lines: number };
export declare function prepareRealCorpus(options?: { pinFile?: string; cache?: string }): Promise<{
  root: string;
  sources: string;
  extensions: string[];
  name: string;
  pinFile: string;
  version: string;
  files: number;
  lines: number;
}>;
