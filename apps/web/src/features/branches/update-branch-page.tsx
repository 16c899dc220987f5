import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { useBranch } from './api';
import { BranchForm } from './branch-form';

/** /:id/update-branch: the update form with its map; blank fields keep their values. */
export function UpdateBranchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const branch = useBranch(id);
  return (
    <>
      <PageHeader title={t('screens.updateBranch')} back={`/branch/${id}`} />
      {branch.isLoading && <LoadingScreen fullHeight={false} />}
      {branch.data && <BranchForm branch={branch.data} onDone={() => navigate(`/branch/${id}`, { replace: true })} />}
    </>
  );
}
