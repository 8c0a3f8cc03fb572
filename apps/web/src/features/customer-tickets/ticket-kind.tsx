import { createContext, type ReactNode, useContext } from 'react';
import { ticketUrls } from './urls.ts';

/**
 * Which tickets a screen of this feature works: B2C tickets (customerTicketEndpoints, /b2c/service/ticket/…) or the
 * B2B service tickets of subscriptions (subscriptionTicketEndpoints, /subscription/service-management/…). One engine
 * answers both with the same ticket shape, so the list views and the mechanic's workbench are the same components;
 * the kind picks the endpoint set (api.ts), the query keys and where a row or a new ticket leads.
 */
export type TicketKind = 'b2c' | 'b2b';

export interface TicketKindConfig {
  kind: TicketKind;
  /** The workbench of one ticket. */
  detailUrl: (ticketId: string) => string;
  /** The new-ticket page, or null where tickets are not opened (the B2B workshop's list). */
  newUrl: string | null;
}

export const b2cTicketKind: TicketKindConfig = {
  kind: 'b2c',
  detailUrl: (ticketId) => ticketUrls.detail(ticketId),
  newUrl: ticketUrls.new(),
};

const TicketKindContext = createContext<TicketKindConfig>(b2cTicketKind);

/** The kind of the tickets on screen; B2C when no provider says otherwise (the B2C pages need none). */
export const useTicketKind = () => useContext(TicketKindContext);

export function TicketKindProvider({ value, children }: { value: TicketKindConfig; children: ReactNode }) {
  return <TicketKindContext.Provider value={value}>{children}</TicketKindContext.Provider>;
}
