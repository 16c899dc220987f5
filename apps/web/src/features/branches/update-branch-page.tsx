import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DetailScreen } from '../../components/detail-screen';
import { PageHeader } from '../../components/page-header';
import { useIdParam } from '../../lib/route-id';
import { useBranch } from './api';
import { BranchForm } from './branch-form';
import { BranchHoursForm } from './branch-hours-form';

/** /:id/update-branch: the update form with its map (blank fields keep their values), then the opening hours. */
export function UpdateBranchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useIdParam();
  const branch = useBranch(id);
  const title = t('screens.updateBranch');
  const back = id === null ? '/setting?sheet=branches' : `/branch/${id}`;
  return (
    <DetailScreen id={id} query={branch} title={title} back={back}>
      {(b) => (
        <>
          <PageHeader title={title} back={back} />
          <BranchForm branch={b} onDone={() => navigate(back, { replace: true })} />
          <BranchHoursForm branch={b} />
        </>
      )}
    </DetailScreen>
  );
}
