import { useParams } from 'react-router-dom';
import { useEmployee } from './api';

/** The employee of the route's `:id` (the merchantUserId). */
export function useEmployeeParam() {
  const { id } = useParams();
  const n = Number(id);
  return useEmployee(Number.isInteger(n) && n > 0 ? n : null);
}
