/** A list's fetch error as an error toast, once per new message. */
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { pushToastAtom } from './toasts/state';

/** Pushes `error` as an error toast whenever it changes to a message (null: nothing). */
export function useErrorToast(error: string | null): void {
  const push = useSetAtom(pushToastAtom);
  useEffect(() => {
    if (error !== null) push({ tone: 'error', title: error, body: '' });
  }, [error, push]);
}
