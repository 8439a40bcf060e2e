import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import type { Nav } from '@/lib/nav';

/** The app's navigation (src/lib/nav.tsx): the router's links, location and navigate. */
export const routerNav: Nav = {
  Link: RouterLink,
  useLocation,
  useNavigate: () => {
    const navigate = useNavigate();
    return (to: string) => void navigate(to);
  },
};
