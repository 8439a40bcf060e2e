import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Island } from '@/site/islands/Island';
import { startReveal } from '@/site/runtime/reveal';
import { scrollToSection } from '@/site/runtime/scroll';
import { useCategoryNames, useClients, useProjects } from './api';
import { Clients } from './sections/Clients';
import { Faq } from './sections/Faq';
import { Features } from './sections/Features';
import { Journey } from './sections/Journey';
import { Testimonials } from './sections/Testimonials';
import { Work } from './sections/Work';

/**
 * Everything below the hero: features, clients, work, journey, testimonials and FAQ. A chunk of
 * its own, fetched right after the hero renders, so the first paint carries only the hero.
 */
export default function LandingSections() {
  const { hash } = useLocation();
  // The same queries the clients and work sections run (shared, not repeated): the sections above
  // the target change height when their data arrives, so wait for it before scrolling.
  const clients = useClients();
  const projects = useProjects();
  const categories = useCategoryNames();
  const settled = !clients.isPending && !projects.isPending && !categories.isPending;

  // Arriving through '/#work' and the like: scroll once the sections exist and have their data.
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!id || !settled) return;
    const frame = requestAnimationFrame(() => scrollToSection(id));
    return () => cancelAnimationFrame(frame);
  }, [hash, settled]);

  // the sections' fade-ins (on a prerendered page the islands' runtime starts them)
  useEffect(() => startReveal(), []);

  // Clients, work and FAQ are islands: on the prerendered page only they hydrate
  return (
    <>
      <Features />
      <Island name="clients" component={Clients} props={{}} />
      <Island name="work" component={Work} props={{}} />
      <Journey />
      <Testimonials />
      <Island name="faq" component={Faq} props={{}} />
    </>
  );
}
