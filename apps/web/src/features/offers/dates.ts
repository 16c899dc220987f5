/** YYYY-MM-DD → MM/DD/YYYY, the format the offer update call sends (SPEC §5); anything else is left as it is. */
export const toUsDate = (iso: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : iso;
};
