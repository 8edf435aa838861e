import { useId } from 'react';
import './segmented.css';

export interface SegmentedOption<T extends string> {
  value: T;
  label: string;
  testId?: string;
  className?: string;
}

/**
 * A row of choices, one chosen (Buy · Sell, Limit · Market · Stop · OCO, the chart's intervals, the trade
 * screen's panes): the browser's own radio buttons in a fieldset, drawn as the theme's segments, so Tab
 * comes to the chosen one and the arrow keys choose another without a line of script. The trade screen
 * holds six of these; as Ionic segments they were 41 of its 63 Ionic components, and their first render
 * and indicator layout the largest part of the screen's first long task (issue 15).
 */
export function Segmented<T extends string>({
  value,
  options,
  onChange,
  label,
  className,
}: {
  value: T;
  options: readonly SegmentedOption<T>[];
  onChange: (next: T) => void;
  /** The group's name, read by assistive technology (not shown). */
  label: string;
  className?: string;
}) {
  const name = useId();
  return (
    <fieldset className={['fit24-segmented', className].filter(Boolean).join(' ')}>
      <legend className="fit24-visually-hidden">{label}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={['fit24-segmented__option', option.className].filter(Boolean).join(' ')}
          data-testid={option.testId}
        >
          <input
            type="radio"
            className="fit24-segmented__input"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <span className="fit24-segmented__text">{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
