import type { TicketCategory, TicketRecordKind } from '@h5/contract/ticket-codes';
import { apiRoutes } from '@h5/contract/routes';
import { callApiWithMessage, callApi } from '../../shared/api/client';
import { uploadFile } from '../../shared/api/upload';
import { useMemberPages, useMemberQuery, useRefetchingMutation } from '../../shared/api/member-query';

export interface NewTicket {
  category: TicketCategory;
  text: string;
  record_kind: TicketRecordKind | '';
  record_no: string;
  /** Addresses `uploadTicketImage` answered (at most TICKET_IMAGES_MAX). */
  images: string[];
}

/** POST /api/support/upload: a png, gif, jpg or webp of the member's, checked by the server; answers its address. */
export async function uploadTicketImage(file: File): Promise<string> {
  return String((await uploadFile(apiRoutes.supportUpload.path, file)).image ?? '');
}

/** POST /api/tickets/create (docs/member-app.md "意见反馈"): answers the ticket and the server's 提交成功 message. */
export function useFileTicket() {
  return useRefetchingMutation(async (body: NewTicket) => callApiWithMessage(apiRoutes.ticketCreate, body), {
    refetch: ['tickets'],
  });
}

/** POST /api/tickets/list {page}: the member's tickets, newest first, page after page. */
export function useMyTickets() {
  return useMemberPages(['tickets'], {
    fetchPage: (page, signal) => callApi(apiRoutes.ticketList, { page }, { signal }),
  });
}

/** POST /api/tickets/detail {id}: one of the member's tickets with the desk's replies. */
export function useTicket(id: number) {
  return useMemberQuery(['ticket', id], {
    queryFn: () => callApi(apiRoutes.ticketDetail, { id }),
    enabled: id > 0,
  });
}
