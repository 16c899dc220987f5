/** Support tickets and push notifications. */
export const supportMessages = {
  chooseOffer: { en: 'Please choose an offer', ar: 'الرجاء اختيار عرض' },
  chooseProduct: { en: 'Please choose a product', ar: 'الرجاء اختيار منتج' },
  ticketNotFound: { en: 'Ticket not found', ar: 'التذكرة غير موجودة' },
  ticketMessageNotFound: { en: 'Message not found', ar: 'الرسالة غير موجودة' },
  ticketClosed: { en: 'This ticket is closed', ar: 'هذه التذكرة مغلقة' },
  ticketAlreadyClosed: { en: 'This ticket is already closed', ar: 'هذه التذكرة مغلقة بالفعل' },
  ownMessagesOnly: { en: 'You can only delete your own messages', ar: 'يمكنك حذف رسائلك فقط' },
} as const satisfies Record<string, { en: string; ar: string }>;
