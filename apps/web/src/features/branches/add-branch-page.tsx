import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { BranchForm } from './branch-form';

/** /add-branch: the add-branch form with its map (SPEC §2); afterwards the new branch opens. */
export function AddBranchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('screens.addBranch')} back="/setting?sheet=branches" />
      <BranchForm onDone={(b) => navigate(`/branch/${b.id}`, { replace: true })} />
    </>
  );
}
