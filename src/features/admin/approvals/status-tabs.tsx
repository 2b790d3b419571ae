/**
 * The state a trust list is about (pending / rejected requests, identity statuses, visible / hidden
 * reviews) as tabs above the list, kept in the URL like the list's own state (`?status=`): a tab
 * change starts again at the first page and keeps the search.
 */
import { useSearchParams } from 'react-router-dom';
import { SegmentedControl } from '../../../ui/segmented-control';
import styles from './trust.module.css';

/** The value of a state parameter, `fallback` when absent or not one of `allowed`. */
export function useStateParam<T extends string>(
  name: string,
  allowed: readonly T[],
  fallback: T,
): [T, (value: T) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(name);
  const value = allowed.find((option) => option === raw) ?? fallback;
  const change = (next: T) => {
    const search = new URLSearchParams(params);
    if (next === fallback) search.delete(name);
    else search.set(name, next);
    search.delete('token');
    setParams(search);
  };
  return [value, change];
}

export function StateTabs<T extends string>(props: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <SegmentedControl
      className={styles.tabs}
      label={props.label}
      value={props.value}
      segments={props.options}
      onChange={props.onChange}
    />
  );
}
