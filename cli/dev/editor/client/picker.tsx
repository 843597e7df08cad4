/** A text field that offers a list's values (a <datalist>: the site's routes, its images) and takes any other. */
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

export function PickerWidget({ list, ...props }: WidgetProps & { list: string }) {
  const { id, value, placeholder, disabled, readonly, required, onChange, onBlur, onFocus, options } = props;
  return (
    <input
      id={id}
      name={id}
      className="form-control"
      list={list}
      value={value ?? ''}
      placeholder={placeholder}
      disabled={disabled}
      readOnly={readonly}
      required={required}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(e) => onChange(e.target.value === '' ? options.emptyValue : e.target.value)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}
