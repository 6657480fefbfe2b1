import { Navigate } from 'react-router';

/** /coordinator opens the applications, the part a coordinator visits most. */
const CoordinatorIndex = () => <Navigate to="/coordinator/applications" replace />;
export default CoordinatorIndex;
