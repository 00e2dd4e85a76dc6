/**
 * The account-tickets module's public face: the one-time tickets (e-mail verification and
 * change links, social sign-in codes) the account flows store and redeem.
 */
export {
  type AccountTicketRow,
  findUsableAccountTicket,
  insertAccountTicket,
  markAccountTicketUsed,
  type NewAccountTicket,
  retireAccountTickets,
  type TicketPurpose,
} from "./account-tickets.repository";
