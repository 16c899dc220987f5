import { useParams } from 'react-router-dom';

const MAX_ID = 2147483647;

/** The numeric id of a route parameter (`/offer/12`), or null when it is not one (`/offer/abc`). */
export const parseId = (value: string | undefined): number | null => {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= MAX_ID ? n : null;
};

/** The route's `:id` as a number, or null (a detail screen then shows its not-found state). */
export const useIdParam = (name = 'id'): number | null => parseId(useParams()[name]);
