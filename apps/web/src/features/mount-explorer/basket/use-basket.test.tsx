import type { FsItem } from '@pasteport/contract';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AuthStoreProvider, createAuthStore } from '../../../lib/auth';
import { keyInfo, seedAdminSession, seedApiKeySession } from '../../../test/sessions';
import { basketStorageKey } from './basket-store';
import { useBasket } from './use-basket';

const item = (path: string, patch: Partial<FsItem> = {}): FsItem => ({
  name: path.split('/').at(-1) ?? path,
  path,
  isDirectory: false,
  size: 1000,
  modified: null,
  mimetype: null,
  ...patch,
});

/** The hook as a page of a fresh load would run it, for whoever localStorage says is signed in. */
function renderBasket() {
  const store = createAuthStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AuthStoreProvider store={store}>{children}</AuthStoreProvider>
  );
  return { ...renderHook(() => useBasket(), { wrapper }), store };
}

describe('useBasket', () => {
  it('adds, totals, removes and clears', () => {
    seedAdminSession();
    const { result } = renderBasket();
    let outcome;
    act(() => {
      outcome = result.current.add([
        item('/m/a', { size: 100 }),
        item('/m/b', { size: 50 }),
        item('/m/a'),
      ]);
    });
    expect(outcome).toMatchObject({ added: 2, skipped: 1, refused: 0 });
    expect(result.current.totals).toEqual({ count: 2, bytes: 150, sizeUnknown: false });
    act(() => result.current.remove('/m/a'));
    expect(result.current.entries.map((entry) => entry.path)).toEqual(['/m/b']);
    act(() => result.current.clear());
    expect(result.current.entries).toEqual([]);
  });

  it('survives a reload', () => {
    seedAdminSession();
    const first = renderBasket();
    act(() => void first.result.current.add([item('/m/a'), item('/m/d', { isDirectory: true })]));
    first.unmount();
    const again = renderBasket();
    expect(again.result.current.entries.map((entry) => entry.path)).toEqual(['/m/a', '/m/d']);
    expect(again.result.current.totals.sizeUnknown).toBe(true);
  });

  it("shows an API key on the same browser nothing of the admin's basket", () => {
    seedAdminSession();
    const asAdmin = renderBasket();
    act(() => void asAdmin.result.current.add([item('/m/a')]));
    asAdmin.unmount();
    expect(localStorage.getItem('pasteport.basket.admin:root@/api')).not.toBeNull();
    seedApiKeySession(keyInfo({ mount: true }));
    const asKey = renderBasket();
    expect(asKey.result.current.entries).toEqual([]);
  });

  it('follows a change another tab made', () => {
    seedAdminSession();
    const { result, store } = renderBasket();
    const key = basketStorageKey(store.getSnapshot().session) ?? '';
    act(() => {
      localStorage.setItem(
        key,
        JSON.stringify([{ path: '/m/x', name: 'x', isDirectory: false, size: 7 }]),
      );
      window.dispatchEvent(new StorageEvent('storage', { key }));
    });
    expect(result.current.entries.map((entry) => entry.path)).toEqual(['/m/x']);
  });

  it('is empty and refuses additions when signed out', () => {
    const { result } = renderBasket();
    let outcome;
    act(() => {
      outcome = result.current.add([item('/m/a')]);
    });
    expect(outcome).toMatchObject({ added: 0, refused: 1 });
    expect(result.current.entries).toEqual([]);
  });
});
