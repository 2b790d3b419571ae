import styles from './tabs.module.css';

/** An on/off choice: a checkbox with the switch role, its label on the left. */
export function Switch({
  label,
  checked,
  onChange,
  name,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name?: string;
}) {
  return (
    <label className={styles.switch}>
      <span>{label}</span>
      <input
        type="checkbox"
        role="switch"
        name={name}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
    </label>
  );
}
