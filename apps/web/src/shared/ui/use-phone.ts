import { Grid } from 'antd';

/**
 * Below antd's `md` breakpoint (a phone, a narrow window): lists turn into cards, filters into a drawer. Before the
 * first measurement every breakpoint is undefined; that counts as wide, so a desktop never flashes the phone layout.
 */
export function usePhone(): boolean {
  return Grid.useBreakpoint().md === false;
}
