import type { Envelope } from '@fit24/contract';
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { z } from 'zod';
import { useToast } from '../../components/ui/toast.ts';
import { useForm } from '../../components/ui/use-form.ts';
import { Card } from './AdminPage.tsx';
import { Button } from './Button.tsx';

type Values = Record<string, string>;

export interface ActionFormProps<V extends Values, S extends z.ZodType, T> {
  title: string;
  /** One sentence: what saving does. */
  lead?: ReactNode;
  testId: string;
  initial: V;
  schema: S;
  /** The form's text values → the body the contract's schema checks (numbers parsed, blanks dropped). */
  toBody: (values: V) => unknown;
  send: (body: z.output<S>) => Promise<Envelope<T>>;
  /** The answer in one line, kept under the form ("Rank #4 Gold saved"). */
  describe: (data: T) => string;
  submitLabel: string;
  fields: (form: {
    values: V;
    errors: Partial<Record<string, string>>;
    set: (key: keyof V & string) => (value: string) => void;
  }) => ReactNode;
  after?: (data: T) => void | Promise<void>;
}

/** A card with one operator call's form: checked by the contract, sent, and its answer shown under it. */
export function ActionForm<V extends Values, S extends z.ZodType, T>(props: ActionFormProps<V, S, T>) {
  const form = useForm<V>(props.initial);
  const toast = useToast();
  const [done, setDone] = useState<string[]>([]);
  const set = (key: keyof V & string) => (value: string) => form.set(key, value as V[typeof key]);

  const submit = () =>
    form.submit({
      schema: props.schema,
      body: props.toBody(form.values),
      send: props.send,
      onSuccess: async (data) => {
        const line = props.describe(data);
        toast.success(line);
        setDone((lines) => [line, ...lines].slice(0, 5));
        form.setValues(props.initial);
        await props.after?.(data);
      },
    });

  return (
    <Card title={props.title} testId={props.testId}>
      {props.lead && <p className="adm-dim adm-lead">{props.lead}</p>}
      <form
        className="adm-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {props.fields({ values: form.values, errors: form.errors, set })}
        <div className="adm-actions">
          <Button type="submit" busy={form.busy} testId={`${props.testId}-submit`}>
            {props.submitLabel}
          </Button>
        </div>
      </form>
      {done.length > 0 && (
        <ul className="adm-done" data-testid={`${props.testId}-done`}>
          {done.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines are a log, newest first
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
    </Card>
  );
}
