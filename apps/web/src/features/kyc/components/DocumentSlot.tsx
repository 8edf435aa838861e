import type { TFile } from '@fit24/contract';
import { IonButton, IonIcon, IonProgressBar } from '@ionic/react';
import { cameraOutline, checkmarkCircle, cloudUploadOutline, documentTextOutline } from 'ionicons/icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format.ts';
import { ACCEPTED_TYPES, documentProblem, uploadDocument } from '../api/upload-document.ts';

type SlotState =
  | { kind: 'empty' }
  | { kind: 'uploading'; name: string; size: number; progress: number }
  | { kind: 'done'; file: TFile; preview: string | null }
  | { kind: 'failed'; message: string };

export interface DocumentSlotProps {
  label: string;
  hint: string;
  optional?: boolean;
  /** The camera a phone opens for "Take photo": the back one for documents, the front one for a selfie. */
  camera: 'environment' | 'user';
  onUploaded: (file: TFile) => void;
  onCleared: () => void;
  error?: string;
  /** e.g. "kyc-id-front": the file input is `<id>-input`, the camera input `<id>-camera`. */
  testId: string;
}

const touchScreen = () => typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches;

/** One KYC document: chosen, checked (type, 5 MB), uploaded at once with progress, replaceable. */
export function DocumentSlot({
  label,
  hint,
  optional = false,
  camera,
  onUploaded,
  onCleared,
  error,
  testId: id,
}: DocumentSlotProps) {
  const { t } = useTranslation('kyc');
  const [state, setState] = useState<SlotState>({ kind: 'empty' });
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const running = useRef<AbortController | null>(null);
  const [canCapture] = useState(touchScreen);

  const preview = state.kind === 'done' ? state.preview : null;
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  useEffect(() => () => running.current?.abort(), []);

  async function choose(file: File | undefined) {
    if (!file) return;
    running.current?.abort();
    onCleared();
    const problem = documentProblem(file, t);
    if (problem) {
      setState({ kind: 'failed', message: problem });
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    setState({ kind: 'uploading', name: file.name, size: file.size, progress: 0 });
    const result = await uploadDocument(
      file,
      (progress) => setState((s) => (s.kind === 'uploading' ? { ...s, progress } : s)),
      controller.signal,
    );
    if (controller.signal.aborted) return;
    running.current = null;
    if (!result.ok) {
      setState({ kind: 'failed', message: result.message });
      return;
    }
    const image = result.file.mime.startsWith('image/') ? URL.createObjectURL(file) : null;
    setState({ kind: 'done', file: result.file, preview: image });
    onUploaded(result.file);
  }

  const pick = (input: HTMLInputElement | null) => {
    if (!input) return;
    input.value = '';
    input.click();
  };
  const message = state.kind === 'failed' ? state.message : error;

  return (
    <div
      className={`kyc-doc kyc-doc--${state.kind}${message ? ' kyc-doc--invalid' : ''}`}
      data-testid={id}
      data-state={state.kind}
      data-invalid={message ? 'true' : undefined}
    >
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPTED_TYPES}
        hidden
        data-testid={`${id}-input`}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <input
        ref={cameraInput}
        type="file"
        accept="image/jpeg,image/png"
        capture={camera}
        hidden
        data-testid={`${id}-camera`}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <div className="kyc-doc__main">
        <div className="kyc-doc__thumb" aria-hidden="true">
          {state.kind === 'done' && state.preview ? (
            <img src={state.preview} alt="" />
          ) : (
            <IonIcon icon={state.kind === 'done' ? documentTextOutline : cloudUploadOutline} />
          )}
        </div>
        <div className="kyc-doc__text">
          <strong>
            {label}
            {optional && <span className="fit24-muted"> · {t('document.optional')}</span>}
          </strong>
          {state.kind === 'done' ? (
            <span className="kyc-doc__file" data-testid={`${id}-file`}>
              <IonIcon icon={checkmarkCircle} color="success" aria-hidden="true" />
              {state.file.name} · {formatBytes(state.file.size)}
            </span>
          ) : state.kind === 'uploading' ? (
            <span className="kyc-doc__file">
              {state.name} · {formatBytes(state.size)} · {Math.round(state.progress * 100)}%
            </span>
          ) : (
            <span className="fit24-muted">{hint}</span>
          )}
        </div>
      </div>
      {state.kind === 'uploading' && (
        <IonProgressBar
          value={state.progress}
          data-testid={`${id}-progress`}
          aria-label={t('document.uploading', { label })}
        />
      )}
      {message && (
        <p className="kyc-doc__error" role="alert" data-testid={`${id}-error`}>
          {message}
        </p>
      )}
      {state.kind !== 'uploading' && (
        <div className="kyc-doc__actions">
          <IonButton
            size="small"
            fill="outline"
            onClick={() => pick(fileInput.current)}
            data-testid={state.kind === 'done' ? `${id}-replace` : `${id}-choose`}
          >
            {state.kind === 'done' ? t('document.replace') : t('document.choose')}
          </IonButton>
          {canCapture && (
            <IonButton size="small" fill="clear" onClick={() => pick(cameraInput.current)}>
              <IonIcon icon={cameraOutline} slot="start" aria-hidden="true" />
              {t('document.takePhoto')}
            </IonButton>
          )}
        </div>
      )}
    </div>
  );
}
