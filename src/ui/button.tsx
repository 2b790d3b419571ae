import type { ComponentPropsWithRef } from 'react';
import { Link } from 'react-router-dom';
import type { LinkProps } from 'react-router-dom';
import styles from './button.module.css';

type Variant = 'primary' | 'secondary' | 'ghost';
type Look = { variant?: Variant; size?: 'normal' | 'small' };

function classes({ variant = 'primary', size = 'normal' }: Look, extra?: string) {
  return [styles.button, styles[variant], size === 'small' ? styles.small : '', extra ?? ''].join(' ').trim();
}

export function Button({
  variant,
  size,
  className,
  type = 'button',
  ...rest
}: ComponentPropsWithRef<'button'> & Look) {
  return <button type={type} className={classes({ variant, size }, className)} {...rest} />;
}

export function ButtonLink({ variant, size, className, ...rest }: LinkProps & Look) {
  return <Link className={classes({ variant, size }, className)} {...rest} />;
}
