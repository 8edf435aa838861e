import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { KycForm } from './KycForm.tsx';

// IonInput keeps its label and error inside the web component, which jsdom does not draw: a plain field
// shows what the form gives each input (its value and the reason under it) instead.
vi.mock('../../../components/ui/TextField.tsx', () => ({
  TextField: (props: {
    value: string;
    onChange: (value: string) => void;
    error?: string;
    testId: string;
  }) => (
    <div>
      <input
        data-testid={props.testId}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.error && <p data-testid={`${props.testId}-reason`}>{props.error}</p>}
    </div>
  ),
}));

const reason = (testId: string) => screen.queryByTestId(`${testId}-reason`)?.textContent;

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  render(
    <QueryClientProvider client={client}>
      <KycForm country="ES" onSubmitted={() => {}} />
    </QueryClientProvider>,
  );
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByTestId('kyc-submit'));
  });
}

describe('the KYC form, checked before it is sent', () => {
  it('puts each field’s reason under it, the minimum age together with the others', async () => {
    renderForm();
    fireEvent.change(screen.getByTestId('kyc-dob'), {
      target: { value: `${new Date().getUTCFullYear() - 10}-01-15` },
    });
    await submit();
    expect(reason('kyc-first-name')).toBe('Is required');
    expect(reason('kyc-city')).toBe('Is required');
    expect(reason('kyc-dob')).toBe('You must be at least 18 years old');
    expect(screen.getByTestId('kyc-id-front-error').textContent).toBe('Upload the front of your document');
    expect(screen.getByTestId('kyc-selfie-error').textContent).toBe('Upload a selfie');
    // The back of the document is optional.
    expect(screen.queryByTestId('kyc-id-back-error')).toBeNull();
  });

  it('takes a field’s reason away as soon as it is changed', async () => {
    renderForm();
    await submit();
    expect(reason('kyc-last-name')).toBe('Is required');
    fireEvent.change(screen.getByTestId('kyc-last-name'), { target: { value: 'García' } });
    expect(reason('kyc-last-name')).toBeUndefined();
  });
});
