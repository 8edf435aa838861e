import type { Envelope, ErrorEnvelope } from '@fit24/contract';
import { useCallback, useRef, useState } from 'react';
import type { z } from 'zod';
import { type FieldErrors, serverFieldErrors, validate } from '../../lib/forms.ts';
import { useToast } from './toast.ts';

export interface ActionOptions<T> {
  send: () => Promise<Envelope<T>>;
  onSuccess?: (data: T) => void | Promise<void>;
  /** Sees a failure first; returning true means it was handled and no toast is shown. */
  onError?: (error: ErrorEnvelope) => boolean | undefined;
}

/**
 * One call at a time behind a button: `busy` while it runs (a second press does nothing), the server's
 * message in a toast when it fails. Resolves true on success.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const toast = useToast();
  const run = useCallback(
    async <T>({ send, onSuccess, onError }: ActionOptions<T>): Promise<boolean> => {
      if (running.current) return false;
      running.current = true;
      setBusy(true);
      try {
        const envelope = await send();
        if (envelope.error) {
          if (!onError?.(envelope)) toast.error(envelope.message);
          return false;
        }
        await onSuccess?.(envelope.data);
        return true;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [toast],
  );
  return { busy, run };
}

export interface SubmitOptions<S extends z.ZodType, T> {
  /** The contract's body schema: the form is checked by the server's own rules before it is sent. */
  schema: S;
  body: unknown;
  /** Rules only the screen has (a confirmation that must match): errors by field, or nothing. */
  check?: (data: z.output<S>) => FieldErrors | null;
  send: (data: z.output<S>) => Promise<Envelope<T>>;
  onSuccess?: (data: T) => void | Promise<void>;
  onError?: (error: ErrorEnvelope) => boolean | undefined;
}

/** Brings the first field marked invalid inside `root` into view (long forms on a phone). */
export function scrollToFirstError(root: HTMLElement | null): void {
  const first = root?.querySelector('[aria-invalid="true"], [data-invalid="true"]');
  first?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
}

/**
 * A form's values, its errors by field (ours and the server's `fields`) and its submission. Attach `ref`
 * to the <form> to have the first invalid field scrolled into view when a submission is refused.
 */
export function useForm<V extends Record<string, unknown>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const action = useAction();
  const ref = useRef<HTMLFormElement>(null);
  const showErrors = useCallback((next: FieldErrors) => {
    setErrors(next);
    if (Object.keys(next).length > 0) setTimeout(() => scrollToFirstError(ref.current), 50);
  }, []);

  const set = useCallback(<K extends keyof V & string>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  }, []);

  async function submit<S extends z.ZodType, T>(options: SubmitOptions<S, T>): Promise<boolean> {
    const checked = validate(options.schema, options.body);
    const extra = checked.ok ? options.check?.(checked.data) : null;
    if (!checked.ok || (extra && Object.keys(extra).length > 0)) {
      showErrors({ ...(checked.ok ? {} : checked.errors), ...extra });
      return false;
    }
    setErrors({});
    const data = checked.data;
    return action.run({
      send: () => options.send(data),
      onSuccess: options.onSuccess,
      onError: (error) => {
        showErrors(serverFieldErrors(error.fields));
        return options.onError?.(error);
      },
    });
  }

  return { values, setValues, set, errors, setErrors, busy: action.busy, submit, ref };
}
