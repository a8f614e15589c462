import type { Page } from 'playwright-core';
import type { Demonstration } from '../../../src/shared/demonstration';
import type { RecordingData } from '../../../src/shared/messages/recording';

/** Every object store of the extension's IndexedDB databases, read from an extension page, as JSON text. */
export async function dumpDatabases(extPage: Page): Promise<string> {
  return extPage.evaluate(async () => {
    const out: Record<string, Record<string, unknown[]>> = {};
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(info.name!);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      out[info.name!] = {};
      for (const store of Array.from(db.objectStoreNames)) {
        out[info.name!]![store] = await new Promise<unknown[]>((resolve, reject) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
      }
      db.close();
    }
    // Float32Array and friends become plain arrays so the search below sees their contents too
    return JSON.stringify(out, (_k, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as unknown as ArrayLike<number>) : v));
  });
}

/** The demonstrations stored in the extension's database. */
export async function demonstrations(extPage: Page): Promise<Demonstration[]> {
  const all = JSON.parse(await dumpDatabases(extPage)) as Record<string, Record<string, { data: Demonstration }[]>>;
  return (all.copilot?.demonstrations ?? []).map((r) => r.data);
}

/** The recording in progress, as the service worker stored it. */
export async function recordingData(extPage: Page): Promise<RecordingData | undefined> {
  const all = JSON.parse(await dumpDatabases(extPage)) as Record<string, Record<string, { status: string; data: RecordingData }[]>>;
  return all.copilot?.recordings?.find((r) => r.status === 'recording')?.data;
}

/** Waits until the panel lists at least n steps and returns their texts. */
export async function waitForSteps(panel: Page, n: number): Promise<string[]> {
  // polled by time: animation frames do not run while the panel's tab is in the background
  // (20 s: on a loaded 2-core machine a page load plus a cold service worker can take several)
  try {
    await panel.waitForFunction((min) => document.querySelectorAll('[data-testid=record-step]').length >= min, n, { timeout: 20_000, polling: 50 });
  } catch (error) {
    const seen = await panel.getByTestId('record-step').allInnerTexts();
    throw new Error(`expected ${n} recorded steps, the panel shows ${seen.length}: ${JSON.stringify(seen)}`, { cause: error });
  }
  return panel.getByTestId('record-step').allInnerTexts();
}
