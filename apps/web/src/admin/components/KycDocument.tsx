import { IonSpinner } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorText } from '../lib/errors.ts';
import { ops } from '../lib/ops.ts';

const ROLE_LABEL: Record<string, string> = { id_front: 'ID, front', id_back: 'ID, back', selfie: 'Selfie' };

/** A Blob as an object URL while the component shows it; revoked as soon as it is not. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/**
 * One identity document, read from GET /ops/kyc/file with the operator's token (never cached: gone from
 * memory when the review closes). Images are shown; a PDF is a link to open it, as the page's security
 * policy allows no embedded objects.
 */
export function KycDocument({ file }: { file: { file_id: number; role: string; mime: string } }) {
  const query = useQuery({
    queryKey: ['ops', 'kyc-file', file.file_id],
    queryFn: () => ops.fetchFile('/ops/kyc/file', { file_id: file.file_id }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const url = useObjectUrl(query.data);
  const [loaded, setLoaded] = useState(false);
  const label = ROLE_LABEL[file.role] ?? file.role;
  const pdf = file.mime === 'application/pdf';

  return (
    <figure
      className="adm-doc"
      data-testid="admin-kyc-doc"
      data-role={file.role}
      data-loaded={loaded || (pdf && url) ? '1' : '0'}
    >
      <figcaption>
        {label} <span className="adm-dim">{file.mime}</span>
      </figcaption>
      <div className="adm-doc__frame">
        {query.error ? (
          <p className="adm-error">{errorText(query.error)}</p>
        ) : !url ? (
          <IonSpinner name="crescent" aria-label={`Loading ${label}`} />
        ) : pdf ? (
          <a className="adm-btn adm-btn--ghost" href={url} target="_blank" rel="noopener noreferrer">
            Open the PDF
          </a>
        ) : (
          <a href={url} target="_blank" rel="noopener noreferrer" title="Open at full size">
            <img src={url} alt={`${label} of the applicant`} onLoad={() => setLoaded(true)} />
          </a>
        )}
      </div>
    </figure>
  );
}
