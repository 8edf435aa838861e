import { Bone } from './Bone.tsx';
import './lists.css';

/** Grey rows in the shape of a list (round icon, two lines, a value) while its data loads. */
export function ListSkeleton({ rows = 4, label, testId }: { rows?: number; label: string; testId?: string }) {
  return (
    <ul className="fit24-skeleton" role="status" aria-label={label} data-testid={testId}>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <li key={row} className="fit24-skeleton__row">
          <Bone className="fit24-skeleton__icon" />
          <div className="fit24-skeleton__text">
            <Bone style={{ width: '45%' }} />
            <Bone style={{ width: '30%' }} />
          </div>
          <div className="fit24-skeleton__value">
            <Bone style={{ width: '80px' }} />
            <Bone style={{ width: '56px' }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
