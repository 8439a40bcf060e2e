import { useEffect, useState } from 'react';
import { loadDiff, type DiffLibrary } from './diff';

/** jsdiff, loaded on first use (a chunk of its own); the same promise for every later use. */
let diffLibrary: Promise<DiffLibrary> | null = null;

export interface DiffLoad {
  lib: DiffLibrary | null;
  failed: boolean;
  retry: () => void;
}

/** jsdiff once `wanted` (a version is open): loading, loaded, or failed with a way to try again. */
export function useDiffLibrary(wanted: boolean): DiffLoad {
  const [lib, setLib] = useState<DiffLibrary | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || lib) return;
    let live = true;
    diffLibrary ??= loadDiff();
    diffLibrary.then(
      (loaded) => live && setLib(() => loaded),
      (error: unknown) => {
        // a failed chunk load (a new deploy, no network) may succeed next time
        diffLibrary = null;
        console.error('[admin] loading the diff library failed', error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, lib, attempt]);
  return {
    lib,
    failed,
    retry: () => {
      setFailed(false);
      setAttempt((n) => n + 1);
    },
  };
}
