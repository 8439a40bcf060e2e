import { describe, expect, it } from 'vitest';
import { projectPath } from '@/shared/config/addresses';
import { categoriesOf, filterProjects, type LandingProject } from '@/site/pages/landing/api';
import { activeIndex, atEnd, atStart, scrollStep, showArrows, showDots } from '@/site/pages/landing/carousel';
import { sampleClients, sampleProjects, SAMPLE_PROJECT_CATEGORIES } from '@/site/content/sample-portfolio';
import { FAQ, JOURNEY, TESTIMONIALS, TOOLS, FEATURES } from '@/site/content/landing';

const project = (id: string, category: string, slug: string | null = null): LandingProject => ({
  id,
  title: id,
  category,
  image: '/x.svg',
  image_alt: '',
  link: 'https://example.com',
  description: '',
  slug,
});

describe('clients carousel rules', () => {
  it('shows arrows only above 3 clients and dots above 1', () => {
    expect(showArrows(3)).toBe(false);
    expect(showArrows(4)).toBe(true);
    expect(showDots(1)).toBe(false);
    expect(showDots(2)).toBe(true);
  });

  it('disables the left arrow at the start and the right one within 10 px of the end', () => {
    expect(atStart({ scrollLeft: 0, clientWidth: 300, scrollWidth: 1000 })).toBe(true);
    expect(atStart({ scrollLeft: 5, clientWidth: 300, scrollWidth: 1000 })).toBe(false);
    expect(atEnd({ scrollLeft: 689, clientWidth: 300, scrollWidth: 1000 })).toBe(false);
    expect(atEnd({ scrollLeft: 690, clientWidth: 300, scrollWidth: 1000 })).toBe(true);
  });

  it('scrolls 80 % of the visible width', () => {
    expect(scrollStep(500, 1)).toBe(400);
    expect(scrollStep(500, -1)).toBe(-400);
  });

  it('highlights the dot of the nearest item, the last one at the end', () => {
    const offsets = [0, 300, 600, 900, 1200];
    expect(activeIndex({ scrollLeft: 0, clientWidth: 900, scrollWidth: 1500 }, offsets)).toBe(0);
    expect(activeIndex({ scrollLeft: 320, clientWidth: 900, scrollWidth: 1500 }, offsets)).toBe(1);
    expect(activeIndex({ scrollLeft: 600, clientWidth: 900, scrollWidth: 1500 }, offsets)).toBe(4);
  });
});

describe('work section', () => {
  const projects = [project('a', 'AI Integration', 'a-slug'), project('b', 'Automation'), project('c', 'AI Integration')];

  it("'All' keeps every project, a category keeps its own", () => {
    expect(filterProjects(projects, null)).toHaveLength(3);
    expect(filterProjects(projects, 'AI Integration').map((p) => p.id)).toEqual(['a', 'c']);
    expect(filterProjects(projects, 'Software Development')).toEqual([]);
  });

  it('derives categories from projects, sorted and distinct', () => {
    expect(categoriesOf(projects)).toEqual(['AI Integration', 'Automation']);
  });

  it('links with the slug, falling back to the id', () => {
    expect(projectPath(projects[0])).toBe('/project/a-slug');
    expect(projectPath(projects[1])).toBe('/project/b');
    expect(projectPath({ id: 'x', slug: ' ' })).toBe('/project/x');
  });
});

describe('landing content', () => {
  it('has the counts the spec fixes', () => {
    expect(sampleClients()).toHaveLength(3);
    expect(sampleProjects()).toHaveLength(3);
    expect(categoriesOf(sampleProjects())).toEqual([...SAMPLE_PROJECT_CATEGORIES]);
    expect(FEATURES).toHaveLength(6);
    expect(FEATURES.filter((f) => f.demoUrl)).toHaveLength(4);
    expect(JOURNEY).toHaveLength(7);
    expect(JOURNEY[0].text).toContain('15-минутен');
    expect(TESTIMONIALS.map((t) => t.rating)).toEqual([5, 5, 4]);
    expect(FAQ).toHaveLength(5);
    expect(TOOLS).toHaveLength(8);
  });
});
