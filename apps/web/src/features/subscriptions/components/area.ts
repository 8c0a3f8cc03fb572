import { useLocation } from 'react-router';
import { areaOf, subscriptionUrls } from '../urls.ts';

/** The area the page is shown in (order or management) and its links. */
export function useSubscriptionArea() {
  const { pathname } = useLocation();
  const area = areaOf(pathname);
  return { area, urls: subscriptionUrls(area) };
}
