import { useEffect, useState } from 'react';

/** Copies a value to the clipboard and says so; the label names what is copied. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 2500);
    return () => window.clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      // Without clipboard permission the value stays visible and selectable.
      setState('failed');
    }
  }

  return (
    <>
      <button type="button" onClick={() => void copy()} aria-label={label}>
        {state === 'copied' ? 'Copied' : 'Copy'}
      </button>
      <span className="visually-hidden" role="status" aria-live="polite">
        {state === 'copied' ? 'Copied to the clipboard' : state === 'failed' ? 'Copy failed; select the text and copy it' : ''}
      </span>
    </>
  );
}
