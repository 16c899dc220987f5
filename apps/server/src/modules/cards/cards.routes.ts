import type { Handlers } from '../../core/handler';
import type { CardsService } from './cards.service';

export const cardsRoutes = (cards: CardsService): Handlers => ({
  'merchant/card/add': ({ merchant, body }) => cards.add(merchant, body),
  'merchant/card/list': ({ merchant, body }) => cards.list(merchant, body),
  'merchant/card/setDefault': ({ merchant, body }) => cards.setDefault(merchant, body.id),
  'merchant/card/delete': ({ merchant, body }) => cards.delete(merchant, body.id),
});
